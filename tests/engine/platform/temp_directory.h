#pragma once
// Test helper: a fresh, uniquely named directory under the system temp folder, removed with its contents
// when the object goes out of scope. Created atomically under a fresh name, so parallel runs never collide.

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

namespace vox::test {

/// The whole content of the file at `path` (binary); empty when it cannot be read.
inline std::string readAll(const std::filesystem::path& path) {
    std::ifstream file(path, std::ios::binary);
    std::stringstream text;
    text << file.rdbuf();
    return text.str();
}

class TempDirectory {
public:
    TempDirectory() {
        // mkdtemp creates the folder atomically under a name nobody holds, so it never takes over (or
        // removes) a folder of another process, even one in another PID namespace sharing the temp folder.
        std::string pattern = (std::filesystem::temp_directory_path() / "vox-test-XXXXXX").string();
        if (::mkdtemp(pattern.data()) == nullptr) {
            std::perror(("cannot create a temporary folder from " + pattern).c_str());
            std::abort();
        }
        m_path = pattern;
    }
    TempDirectory(const TempDirectory&) = delete;
    TempDirectory& operator=(const TempDirectory&) = delete;
    ~TempDirectory() {
        std::error_code ignored;
        std::filesystem::remove_all(m_path, ignored);
    }

    [[nodiscard]] const std::filesystem::path& path() const { return m_path; }

    /// Writes `text` to `relative` (creating folders) and returns the full path.
    std::filesystem::path write(const std::filesystem::path& relative, std::string_view text) const {
        const std::filesystem::path file = m_path / relative;
        std::filesystem::create_directories(file.parent_path());
        std::ofstream(file, std::ios::binary) << text;
        return file;
    }

private:
    std::filesystem::path m_path;
};

/// Sets an environment variable for the lifetime of the object, then restores the previous value.
class ScopedEnvironment {
public:
    ScopedEnvironment(std::string name, const char* value) : m_name(std::move(name)) {
        if (const char* previous = std::getenv(m_name.c_str())) {
            m_previous = previous;
            m_hadPrevious = true;
        }
        if (value != nullptr)
            ::setenv(m_name.c_str(), value, 1);
        else
            ::unsetenv(m_name.c_str());
    }
    ScopedEnvironment(const ScopedEnvironment&) = delete;
    ScopedEnvironment& operator=(const ScopedEnvironment&) = delete;
    ~ScopedEnvironment() {
        if (m_hadPrevious)
            ::setenv(m_name.c_str(), m_previous.c_str(), 1);
        else
            ::unsetenv(m_name.c_str());
    }

private:
    std::string m_name;
    std::string m_previous;
    bool m_hadPrevious = false;
};

} // namespace vox::test
