"""Playing a battle yourself: a game in progress (the session, the app's one door into
the engine), the records the screens draw, and saved games in the database."""
