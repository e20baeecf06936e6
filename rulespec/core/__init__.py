"""The protocol, registries and formats that every game shares."""
