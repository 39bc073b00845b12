"""The browser client: its static files and the blueprint that serves them."""
