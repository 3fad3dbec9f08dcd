"""The shared kernel under every package: paths, language data, layout, schemas, storage, rejections, stage results."""
