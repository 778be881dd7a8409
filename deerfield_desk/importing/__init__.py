"""Bringing in the register the village kept in spreadsheets (no Qt).

Its own package because it goes the other way from ``exports/``: it reads a foreign file
(``source``: encodings, true sheet sizes, zip bombs), checks every row against the rules
(``fields``: each message names the field and the rule) and writes through the store in one
transaction (``importer``). It reads the export's column headers, so an exported
``permits.csv`` imports without any mapping by hand.
"""
