"""Local text embeddings: a static model bundled in an installed wheel, never downloaded.

One BLAS thread: a search is one matrix-vector product over at most a few tens of thousands of
rows, which threads do not speed up; on a busy 2-core machine OpenBLAS's spinning threads made
it 8x slower (24 ms instead of 3 ms at 10k memories). Set before numpy is first imported; a
value the operator set is kept.
"""

import os

for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")
