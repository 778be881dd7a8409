"""The new-application wizard (issue 4): one small file per page."""

from deerfield_desk.ui.wizard.wizard import ApplicationWizard

__all__ = ["ApplicationWizard"]
