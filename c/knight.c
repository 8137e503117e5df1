#include "knight.h"

#include <string.h>

__attribute__((visibility("hidden"))) unsigned char sq_knight_distance[64][64];

static void knight_bfs(int from, unsigned char dist[64]) {
    static const int jumps[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                    {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    int queue[64], head = 0, tail = 0;
    memset(dist, 0xff, 64);
    dist[from] = 0;
    queue[tail++] = from;
    while (head < tail) {
        int sq = queue[head++];
        for (int j = 0; j < 8; j++) {
            int file = sq % 8 + jumps[j][0], rank = sq / 8 + jumps[j][1];
            if (file < 0 || file > 7 || rank < 0 || rank > 7)
                continue;
            int to = rank * 8 + file;
            if (dist[to] == 0xff) {
                dist[to] = (unsigned char)(dist[sq] + 1);
                queue[tail++] = to;
            }
        }
    }
}

/* A constructor, so every user of the table (C, asm, kernels) sees it filled. */
__attribute__((constructor)) static void knight_init(void) {
    for (int from = 0; from < 64; from++)
        knight_bfs(from, sq_knight_distance[from]);
}
