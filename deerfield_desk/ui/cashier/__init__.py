"""Cashiering screens (issue 16, item 3): take a payment, the day's receipts, the deposit
report. Store side: ``store/cashier.py`` and ``store/receipt_records.py``."""
