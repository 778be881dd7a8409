"""The demo register generator: a made-up but realistic village register.

Its own package because it is neither the store (it writes rows in bulk, journaled, in a
second process, to build a million permits in minutes) nor the domain. One direction only:
``names`` (word lists) and ``rows`` (the plan of every permit, parcels and people) feed
``permits`` (each permit's rows), and ``generate`` drives them and writes the file.
"""

from deerfield_desk.demo.generate import DemoProgress, ensure_demo_register, generate_demo

__all__ = ["DemoProgress", "ensure_demo_register", "generate_demo"]
