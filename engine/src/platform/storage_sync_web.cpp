#include "storage_sync.h"

#include <emscripten/emscripten.h>

namespace vox::detail {

// The page mounted IDBFS over the save folder before main() (web/index.html). A failed sync leaves the
// file in memory for this session; it says so on the console, as the desktop warns on stderr.
void syncPersistentStorage() {
    emscripten_run_script(
        "if (typeof IDBFS !== 'undefined') FS.syncfs(false, function (error) { if (error) console.warn("
        "'warning: cannot save to this browser\\'s storage (IndexedDB): ' + error); });");
}

} // namespace vox::detail
