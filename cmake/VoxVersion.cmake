# The one version of the project: the game's, the engine's and its CMake package's (docs/engine.md says what
# a version promises: before 1.0, a release with the same major and minor number is compatible).
set(VOX_VERSION 0.1.0)
