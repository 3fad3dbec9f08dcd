"""The shared kernel every package may use: paths, language data, output layout, schemas, storage, rejections."""
