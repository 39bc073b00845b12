"""The library every Orrery service imports: event log, bus, schemas, configuration, engines."""
