#pragma once
// syncPersistentStorage: makes the files written so far outlive the program. Desktop: they already do (the
// writer fsyncs them). Browser: the save folder is IndexedDB mounted through Emscripten's IDBFS, which copies
// its in-memory files to the database only when asked; this asks (asynchronously, in the background).
// One implementation per target, chosen by the build (storage_sync.cpp, storage_sync_web.cpp).

namespace vox::detail {

void syncPersistentStorage();

} // namespace vox::detail
