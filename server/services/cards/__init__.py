"""The card data at run time: the images mode, the start page's counts and the download.

Rule: whatever changes what a card carries reloads the media and forgets the runtime's
card JSON in one place (`card_data.use_media`).
"""
