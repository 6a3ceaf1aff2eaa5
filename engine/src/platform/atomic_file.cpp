#include "vox/platform/atomic_file.h"

#include "storage_sync.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace vox {
namespace {

constexpr int kMaxKeptFiles = 1000;

Error systemError(const char* what, const std::filesystem::path& path, int error) {
    return Error{std::string("cannot ") + what + " " + path.string() + ": " + std::strerror(error)};
}

// Closes a file descriptor on every path out of a function.
class FileDescriptor {
public:
    explicit FileDescriptor(int fd) : m_fd(fd) {}
    FileDescriptor(const FileDescriptor&) = delete;
    FileDescriptor& operator=(const FileDescriptor&) = delete;
    ~FileDescriptor() {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    [[nodiscard]] int get() const { return m_fd; }
    [[nodiscard]] bool valid() const { return m_fd >= 0; }
    /// Closes now and reports close()'s error (NFS and some disks report write errors only here).
    [[nodiscard]] int close() {
        const int result = ::close(m_fd);
        m_fd = -1;
        return result == 0 ? 0 : errno;
    }

private:
    int m_fd;
};

int writeAll(int fd, std::string_view data) {
    while (!data.empty()) {
        const ssize_t written = ::write(fd, data.data(), data.size());
        if (written < 0) {
            if (errno == EINTR)
                continue;
            return errno;
        }
        data.remove_prefix(static_cast<size_t>(written));
    }
    return 0;
}

Status writeTemporary(const std::filesystem::path& temporary, std::string_view contents) {
    FileDescriptor file(::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644));
    if (!file.valid())
        return systemError("create", temporary, errno);
    if (int error = writeAll(file.get(), contents))
        return systemError("write", temporary, error);
    if (::fsync(file.get()) != 0)
        return systemError("flush", temporary, errno);
    if (int error = file.close())
        return systemError("close", temporary, error);
    return {};
}

} // namespace

Status writeFileAtomically(const std::filesystem::path& target, std::string_view contents) {
    std::filesystem::path temporary = target;
    temporary += ".tmp";
    Status written = writeTemporary(temporary, contents);
    if (written.ok() && ::rename(temporary.c_str(), target.c_str()) != 0) {
        const int error = errno;
        written = Error{"cannot replace " + target.string() + " with " + temporary.string() + ": " +
                        std::strerror(error)};
    }
    if (!written.ok()) {
        ::unlink(temporary.c_str()); // may not exist; the target is untouched either way
        return written;
    }
    // Make the rename itself durable. Some file systems refuse fsync on folders; the data is already safe.
    const std::filesystem::path folder = target.has_parent_path() ? target.parent_path() : ".";
    FileDescriptor directory(::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (directory.valid())
        (void)::fsync(directory.get());
    detail::syncPersistentStorage(); // a browser's save folder lives in memory until synced
    return {};
}

Result<std::optional<std::string>> readSmallFile(const std::filesystem::path& path, std::size_t maxBytes) {
    // O_NONBLOCK: opening a FIFO with no writer must not hang; regular files ignore it.
    FileDescriptor file(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK));
    if (!file.valid()) {
        if (errno == ENOENT)
            return std::optional<std::string>();
        return systemError("open", path, errno);
    }
    struct stat info {};
    if (::fstat(file.get(), &info) != 0)
        return systemError("inspect", path, errno);
    if (!S_ISREG(info.st_mode))
        return Error{"cannot read " + path.string() + ": not a regular file"};

    std::string contents;
    char buffer[4096];
    for (;;) {
        const ssize_t got = ::read(file.get(), buffer, sizeof buffer);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            return systemError("read", path, errno);
        }
        if (got == 0)
            break;
        if (contents.size() + static_cast<size_t>(got) > maxBytes)
            return Error{"cannot read " + path.string() + ": it is larger than " + std::to_string(maxBytes) +
                         " bytes, too large to be this kind of file"};
        contents.append(buffer, static_cast<size_t>(got));
    }
    return std::optional<std::string>(std::move(contents));
}

Result<std::filesystem::path> keepAside(const std::filesystem::path& path, std::string_view label) {
    for (int number = 1; number <= kMaxKeptFiles; ++number) {
        std::string suffix = "."; // built up step by step: GCC 12 misreports "." + string as overlapping
        suffix += label;
        suffix += '-';
        suffix += std::to_string(number);
        std::filesystem::path kept = path;
        kept += suffix;
        if (::link(path.c_str(), kept.c_str()) == 0) {
            if (::unlink(path.c_str()) != 0)
                return systemError("remove", path, errno); // both names remain: nothing is lost
            detail::syncPersistentStorage();               // a browser: the move, kept in IndexedDB too
            return kept;
        }
        const int linkError = errno;
        if (linkError == EEXIST)
            continue;
        if (linkError != EPERM && linkError != ENOTSUP && linkError != EOPNOTSUPP && linkError != EMLINK &&
            linkError != ENOSYS)
            return Error{"cannot move " + path.string() + " aside to " + kept.string() + ": " +
                         std::strerror(linkError)};
        // No hard links on this file system (FAT, some network mounts): fall back to check-then-rename,
        // which only a second program racing for the same name could defeat.
        std::error_code ignored;
        if (std::filesystem::exists(kept, ignored) || ignored)
            continue;
        if (::rename(path.c_str(), kept.c_str()) != 0) {
            const int renameError = errno;
            return Error{"cannot move " + path.string() + " aside to " + kept.string() + ": " +
                         std::strerror(renameError)};
        }
        detail::syncPersistentStorage();
        return kept;
    }
    return Error{"cannot move " + path.string() + " aside: " + std::to_string(kMaxKeptFiles) +
                 " earlier copies are already kept next to it; delete some"};
}

} // namespace vox
