"""Help menu: a short printable guide, the window's keyboard shortcuts, About."""
