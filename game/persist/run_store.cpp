#include "persist/run_store.h"

#include "persist/score_runs.h"
#include "sim/share_code.h"

#include "vox/platform/atomic_file.h"

#include <SDL.h>

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

#include <system_error>

namespace invaders {

std::string sharedRunFileName(std::string_view initials, uint32_t score, uint64_t seed) {
    std::string name;
    for (const char c : initials)
        if ((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))
            name += c;
    if (name.empty())
        name = "RUN";
    return name + "-" + std::to_string(score) + "-" + std::to_string(seed) + ".vir";
}

FileRunStore::FileRunStore(std::filesystem::path highScoresFile, std::filesystem::path sharedDirectory,
                           ShareClipboard clipboard)
    : m_highScoresFile(std::move(highScoresFile)), m_sharedDirectory(std::move(sharedDirectory)),
      m_clipboard(std::move(clipboard)) {}

vox::Status FileRunStore::keepTopTenRun(HighScoreTable& table, int rank, const Replay& replay,
                                        int32_t player) {
    return invaders::keepTopTenRun(m_highScoresFile, table, rank, replay, player);
}

vox::Result<Replay> FileRunStore::loadRun(const HighScore& entry) {
    return loadEntryRun(m_highScoresFile, entry);
}

vox::Result<SharedRun> FileRunStore::shareRun(const Replay& replay, std::string_view initials,
                                              uint32_t score) {
    std::error_code error;
    std::filesystem::create_directories(m_sharedDirectory, error);
    if (error)
        return vox::Error{"cannot create the shared runs' folder " + m_sharedDirectory.string() + ": " +
                          error.message()};
    SharedRun shared;
    shared.file = m_sharedDirectory / sharedRunFileName(initials, score, replay.settings.seed);
    shared.codeFile = shared.file;
    shared.codeFile.replace_extension(".txt");
    shared.code = encodeShareCode(replay);
    if (vox::Status written = writeReplayFile(shared.file, replay); !written)
        return written.error();
    if (vox::Status written = vox::writeFileAtomically(shared.codeFile, shared.code + "\n"); !written)
        return written.error();
    if (!m_clipboard) {
        shared.clipboardNote = "no clipboard here";
    } else if (vox::Status copied = m_clipboard(shared.code, shared.file); !copied) {
        shared.clipboardNote = copied.error().message;
    } else {
        shared.copied = true;
    }
    return shared;
}

#ifdef __EMSCRIPTEN__
// The page's voxShareRun(code, name, bytes) downloads the run and copies the page's link; 1 when it did.
// clang-format off (JavaScript)
EM_JS(int, voxShareRunOnPage, (const char* code, const char* name, const uint8_t* bytes, int length), {
    if (typeof window == 'undefined' || typeof window.voxShareRun != 'function')
        return 0;
    try {
        if (window.voxShareRun(UTF8ToString(code), UTF8ToString(name), HEAPU8.slice(bytes, bytes + length)))
            return 1;
    } catch (e) {
    }
    return 0;
});
// clang-format on
#endif

vox::Status copyShareToSystemClipboard(const std::string& code, const std::filesystem::path& runFile) {
#ifdef __EMSCRIPTEN__
    vox::Result<Replay> replay = readReplayFile(runFile);
    if (!replay)
        return replay.error();
    const std::vector<uint8_t> bytes = encodeReplay(replay.value());
    if (voxShareRunOnPage(code.c_str(), runFile.filename().string().c_str(), bytes.data(),
                          static_cast<int>(bytes.size())) == 0)
        return vox::Error{"the page could not offer the download or copy the link"};
    return {};
#else
    (void)runFile;
    if (SDL_SetClipboardText(code.c_str()) != 0)
        return vox::Error{std::string("the clipboard refused the code: ") + SDL_GetError()};
    return {};
#endif
}

} // namespace invaders
