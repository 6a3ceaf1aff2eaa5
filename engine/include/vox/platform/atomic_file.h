#pragma once
/// @file
/// Files that are never half-written: `writeFileAtomically()`, `readSmallFile()` and `keepAside()`.
///
/// Saved data (settings, progress) must survive a crash, a full disk or a power cut at any moment. The
/// writer puts the new contents in `<name>.tmp` next to the target, flushes it to the disk (`fsync`) and
/// renames it over the target: POSIX `rename` replaces a file atomically, so a reader sees either the old
/// file or the new one, never a mixture. On any failure the old file is left as it was and the error names
/// the path and the operating system's reason.
///
/// A file that exists but cannot be used (unreadable, corrupt) is moved aside with `keepAside()` rather than
/// overwritten, so the player's data is never destroyed silently.
///
/// Every function here returns an error instead of throwing, and none reads more than the caller's limit.

#include "vox/core/result.h"

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace vox {

/// Replaces `target` with `contents` atomically: writes `<target>.tmp` in the same folder, `fsync`s it,
/// renames it over `target` and `fsync`s the folder. A stale `.tmp` from an earlier crash is replaced.
/// On failure `target` is untouched, the temporary file is removed, and the error names the path that
/// failed and the reason (`strerror`), e.g. "cannot create /data/settings.txt.tmp: Read-only file system".
[[nodiscard]] Status writeFileAtomically(const std::filesystem::path& target, std::string_view contents);

/// The whole contents of `path`, or nothing if there is no such file. Fails with a message naming the
/// path when it exists but cannot be read (permissions, a folder, an I/O error) or is larger than
/// `maxBytes`, so a huge or endless file (a FIFO, /dev/zero) cannot exhaust memory.
[[nodiscard]] Result<std::optional<std::string>> readSmallFile(const std::filesystem::path& path,
                                                               std::size_t maxBytes);

/// Renames `path` to its name followed by a dot, `label`, a dash and N (settings.txt.corrupt-1), with the
/// smallest N >= 1 that is not taken, never replacing an earlier kept file (the new name is claimed with
/// `link()`, which fails if it exists). Returns the new path, or an error naming both paths and the reason.
/// Gives up after 1000 kept files.
[[nodiscard]] Result<std::filesystem::path> keepAside(const std::filesystem::path& path,
                                                      std::string_view label = "corrupt");

} // namespace vox
