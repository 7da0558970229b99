"""Card data: Scryfall's API, set downloads and their job, cached images, and the
card JSON and media the phones get. Imports no services, routes or realtime."""
