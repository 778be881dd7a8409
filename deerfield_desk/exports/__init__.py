"""Year-end export and legacy import (no Qt).

- ``year_export.export_year(db, year, to, formats)``: a generator yielding ``Progress`` that
  writes CSV, XLSX, BLDS, the annual report PDF and the archive into ``to``, all or nothing;
- ``archive.verify_archive(folder)``: the archive against its manifest and journal head;
- ``importer.import_register(reg, file, mapping)``: the old spreadsheet register, one
  transaction, rejects written beside the file;
- ``state_report.state_reports(reg, today)``: the monthly state reports of new dwellings.
"""
