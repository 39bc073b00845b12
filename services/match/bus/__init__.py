"""The match service on the bus: commands and formed groups read from Redis Streams."""
