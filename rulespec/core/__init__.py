"""The protocol every game implements, the registry of games, records and the codecs' machinery."""
