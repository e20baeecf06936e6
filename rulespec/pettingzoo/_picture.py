"""The text board as an RGB picture, for ``render_mode="rgb_array"``.

Each character of the board takes one cell of a fixed grid, so the board's
columns stay aligned; the few symbols the boards use beyond letters and
digits (the cards' shapes, the pointer to the player on turn) are drawn as
shapes. The glyphs come from Pillow's own font (a wheel: no system library)
and are drawn once, then copied into each frame with NumPy.

>>> frame = Canvas(columns=12, lines=2).draw("Pile 0: G2■\\n▶ Player 0")
>>> frame.shape, frame.dtype.name
((52, 132, 3), 'uint8')
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["Canvas"]

CELL = (10, 20)
"""The width and the height of a character's cell, in pixels."""
MARGIN = 6
PAPER = np.array((250, 248, 240), dtype=np.uint8)
INK = np.array((24, 32, 48), dtype=np.uint8)
_SIZE = 14
"""The font's size in pixels."""

Frame = npt.NDArray[np.uint8]


def _shape(draw: Any, char: str) -> bool:
    """Draw ``char`` as a shape in a cell; whether it is one of the shapes."""
    w, h = CELL
    middle = h // 2
    if char == "●":
        draw.ellipse((1, middle - 4, 9, middle + 4), fill=255)
    elif char == "■":
        draw.rectangle((1, middle - 4, 8, middle + 3), fill=255)
    elif char == "▲":
        draw.polygon(((5, middle - 5), (9, middle + 4), (1, middle + 4)), fill=255)
    elif char == "✚":
        draw.rectangle((4, middle - 5, 6, middle + 5), fill=255)
        draw.rectangle((0, middle - 1, w - 1, middle + 1), fill=255)
    elif char == "▶":
        draw.polygon(((1, middle - 5), (9, middle), (1, middle + 5)), fill=255)
    elif char == "·":
        draw.ellipse((3, middle - 2, 6, middle + 1), fill=255)
    else:
        return False
    return True


class Canvas:
    """Frames of ``columns`` characters by ``lines`` lines, all of one size (what a
    video needs): text beyond them is cut off."""

    def __init__(self, columns: int, lines: int) -> None:
        from PIL import ImageFont

        self.columns = columns
        self.lines = lines
        self._font = ImageFont.load_default(_SIZE)
        self._glyphs: dict[str, npt.NDArray[np.float32]] = {}
        w, h = CELL
        self.shape = (lines * h + 2 * MARGIN, columns * w + 2 * MARGIN, 3)

    def _glyph(self, char: str) -> npt.NDArray[np.float32]:
        """How much ink each pixel of ``char``'s cell takes, from 0 to 1."""
        glyph = self._glyphs.get(char)
        if glyph is None:
            from PIL import Image, ImageDraw

            cell = Image.new("L", CELL, 0)
            draw = ImageDraw.Draw(cell)
            if not _shape(draw, char):
                left, _, right, _ = self._font.getbbox(char)
                draw.text(((CELL[0] - right - left) // 2, 3), char, font=self._font, fill=255)
            ink = np.asarray(cell, dtype=np.float32) / np.float32(255)
            glyph = self._glyphs[char] = ink[..., None]
        return glyph

    def draw(self, text: str) -> Frame:
        """``text`` drawn in ink on paper: a new uint8 array, height × width × 3."""
        frame = np.empty(self.shape, dtype=np.float32)
        frame[...] = PAPER
        w, h = CELL
        ink = INK.astype(np.float32)
        for row, line in enumerate(text.splitlines()[: self.lines]):
            y = MARGIN + row * h
            for column, char in enumerate(line[: self.columns]):
                if char == " ":
                    continue
                x = MARGIN + column * w
                glyph = self._glyph(char)
                cell = frame[y : y + h, x : x + w]
                cell += (ink - cell) * glyph
        return frame.astype(np.uint8)
