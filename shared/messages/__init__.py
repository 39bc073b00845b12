"""Domain messages between services: match announcements, turn notifications, webhook targets."""
