"""Field and office exchange: check the inspector's work out to a laptop and back in.

The office register is the source of truth; a laptop holds a field copy. Small modules:
``manifest`` (what a copy and a pack say about themselves), ``mode`` (what a field copy may
write), ``checkout``, ``pack`` (the return file), ``checkin`` (verify and replay by record
UUID) and ``conflicts`` (the queue the clerk decides). No Qt here.
"""
