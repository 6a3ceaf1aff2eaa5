// Entry point; the platform layer (issue 2) replaces this placeholder with the real loop.
#include <cstdio>

int main() {
    std::puts("voxel-invaders");
    return 0;
}
