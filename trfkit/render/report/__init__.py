"""The HTML report of one tournament file (``trfkit report``): its page and sections."""
