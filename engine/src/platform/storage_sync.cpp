#include "storage_sync.h"

namespace vox::detail {

void syncPersistentStorage() {} // files on disk are durable once fsync'd

} // namespace vox::detail
