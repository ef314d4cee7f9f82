"""Photos and documents: uploads checked like Telegram does, and re-sends by ``file_id``."""

from __future__ import annotations

import io
from collections.abc import Callable

from .errors import ApiError, bad_request
from .models import StoredFile
from .params import UploadedFile

MAX_PHOTO_BYTES = 10 * 1024 * 1024
MAX_DOCUMENT_BYTES = 50 * 1024 * 1024


class MediaStore:
    """Turns the file parts and file ids of calls into :class:`StoredFile` s kept in
    ``files`` (shared with the world)."""

    def __init__(self, files: dict[str, StoredFile], next_id: Callable[[], int]) -> None:
        self.files = files
        self._next_id = next_id
        self._sizes: dict[str, list[StoredFile]] = {}  # photo file id -> all its sizes

    def _new_file_id(self, kind: str) -> tuple[str, str]:
        n = self._next_id()
        prefix = "AgAC" if kind == "photo" else "BQAC"
        return f"{prefix}emu{n:08d}{kind[:3]}", f"AQAD{n:08d}"

    def photo_from_bytes(self, data: bytes) -> list[StoredFile]:
        if len(data) > MAX_PHOTO_BYTES:
            raise bad_request("PHOTO_INVALID_DIMENSIONS")
        try:
            from PIL import Image

            with Image.open(io.BytesIO(data)) as img:
                img.verify()
            with Image.open(io.BytesIO(data)) as img:
                width, height = img.size
        except Exception:
            raise bad_request("IMAGE_PROCESS_FAILED") from None
        if (
            width <= 0
            or height <= 0
            or width + height > 10_000
            or max(width, height) / min(width, height) > 20
        ):
            raise bad_request("PHOTO_INVALID_DIMENSIONS")
        sizes: list[StoredFile] = []
        if max(width, height) > 90:
            scale = 90 / max(width, height)
            fid, uid = self._new_file_id("photo")
            sizes.append(
                StoredFile(fid, uid, "photo", data, max(1, round(width * scale)),
                           max(1, round(height * scale)))
            )
        fid, uid = self._new_file_id("photo")
        sizes.append(StoredFile(fid, uid, "photo", data, width, height))
        for s in sizes:
            self.files[s.file_id] = s
            self._sizes[s.file_id] = sizes
        return sizes

    def photo(self, value: str | None, files: dict[str, UploadedFile],
              part: str) -> list[StoredFile]:
        """The photo sizes of a ``photo``/``media`` field: an upload or a file id."""
        if value is not None and value.startswith("attach://"):
            up = files.get(value.removeprefix("attach://"))
            if up is None:
                raise bad_request("wrong file identifier/HTTP URL specified")
            return self.photo_from_bytes(up.data)
        if value is None or value == "":
            up = files.get(part)
            if up is None:
                raise bad_request("there is no photo in the request")
            return self.photo_from_bytes(up.data)
        if value.startswith(("http://", "https://")):
            raise bad_request("failed to get HTTP URL content")
        stored = self.files.get(value)
        if stored is None or stored.kind != "photo":
            raise bad_request("wrong file identifier/HTTP URL specified")
        # A re-send by file_id: the same sizes (same file ids) again.
        return list(self._sizes.get(value, [stored]))

    def document(self, value: str | None, files: dict[str, UploadedFile],
                 part: str) -> StoredFile:
        if value is not None and value.startswith("attach://"):
            up = files.get(value.removeprefix("attach://"))
        elif value is None or value == "":
            up = files.get(part)
        else:
            if value.startswith(("http://", "https://")):
                raise bad_request("failed to get HTTP URL content")
            stored = self.files.get(value)
            if stored is None:
                raise bad_request("wrong file identifier/HTTP URL specified")
            return stored
        if up is None:
            raise bad_request("there is no document in the request")
        if len(up.data) > MAX_DOCUMENT_BYTES:
            raise ApiError(413, "Request Entity Too Large")
        if not up.data:
            raise bad_request("file must be non-empty")
        fid, uid = self._new_file_id("document")
        doc = StoredFile(fid, uid, "document", up.data, file_name=up.filename,
                         mime_type=up.mime_type)
        self.files[fid] = doc
        return doc
