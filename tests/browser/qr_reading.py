"""Reading a QR code off a screenshot, as a phone's camera would: zxing-cpp on the pixels.

Why a PNG decoder here: zxing-cpp reads a grayscale buffer, and Playwright's screenshots
are 8-bit RGB or RGBA PNGs; a few lines of zlib and PNG's row filters turn one into the
other without an imaging library.
"""

from __future__ import annotations

import struct
import zlib

import zxingcpp

SIGNATURE = b"\x89PNG\r\n\x1a\n"
CHANNELS = {0: 1, 2: 3, 4: 2, 6: 4}  # PNG colour type → bytes per pixel at 8 bits


def png_to_gray(png: bytes) -> tuple[int, int, bytes]:
    """Width, height and one luminance byte per pixel of an 8-bit non-interlaced PNG."""
    assert png.startswith(SIGNATURE), "not a PNG"
    at, idat, header = len(SIGNATURE), bytearray(), b""
    while at < len(png):
        (length,), kind = struct.unpack(">I", png[at:at + 4]), png[at + 4:at + 8]
        body = png[at + 8:at + 8 + length]
        at += 12 + length
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            idat += body
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    assert depth == 8 and interlace == 0 and colour in CHANNELS, (depth, colour, interlace)
    bpp = CHANNELS[colour]
    raw, stride = zlib.decompress(bytes(idat)), width * bpp
    rows: list[bytearray] = []
    previous = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - bpp] if i >= bpp else 0
            up, corner = previous[i], previous[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                guess = left + up - corner
                near = min((abs(guess - left), 0, left), (abs(guess - up), 1, up),
                           (abs(guess - corner), 2, corner))[2]
                line[i] = (line[i] + near) & 0xFF
        rows.append(line)
        previous = line
    gray = bytearray(width * height)
    for y, line in enumerate(rows):
        for x in range(width):
            pixel = line[x * bpp:x * bpp + bpp]
            gray[y * width + x] = (pixel[0] if bpp < 3
                                   else (299 * pixel[0] + 587 * pixel[1] + 114 * pixel[2]) // 1000)
    return width, height, bytes(gray)


def read_qr_codes(png: bytes) -> list[str]:
    """The text of every QR code in a screenshot."""
    width, height, gray = png_to_gray(png)
    image = memoryview(gray).cast("B", (height, width))
    codes = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
    return [code.text for code in codes]
