#!/usr/bin/env python3
"""Report every run of 12+ consecutive words a file shares with the seed texts
(quoted passages excepted) — the same test the project's pre-stop hook applies."""
import os, re, sys
N = 12
seeds = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'shared', 'seeds')
def words(s):
    s = re.sub(r"[“\"][^”\"]{0,600}[”\"]", " ", s)
    return re.sub(r"[^a-z0-9' ]+", " ", s.lower().replace("’", "'")).split()
grams = set()
for f in os.listdir(seeds):
    w = words(open(os.path.join(seeds, f), encoding='utf-8').read())
    grams.update(" ".join(w[i:i + N]) for i in range(len(w) - N + 1))
hits = 0
for p in sys.argv[1:]:
    w = words(open(p, encoding='utf-8', errors='ignore').read())
    i = 0
    while i + N <= len(w):
        if " ".join(w[i:i + N]) in grams:
            j = i + N
            while j < len(w) and " ".join(w[j - N + 1:j + 1]) in grams: j += 1
            print(f"{p}: \"{' '.join(w[i:j])}\""); hits += 1; i = j
        else: i += 1
print(f"{hits} shared passages of {N}+ words")
sys.exit(1 if hits else 0)
