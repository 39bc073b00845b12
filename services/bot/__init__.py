"""The bot service: AI opponents that play a seat seeing only what that seat sees.

policies/     pure move choice (random, greedy, mcts) over the engine surface
celery_app    the Celery application (Redis broker) and its configuration
tasks         the bot task: replay the log, choose, submit a command on the bus
dispatcher    bus "matches" -> one Celery task per bot seat that must act
arena         bot-vs-bot matches in process, with win rates and speed
"""
