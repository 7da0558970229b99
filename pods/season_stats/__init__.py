"""What a season's own drafts teach: card and commander statistics (docs/statistics.md)."""
