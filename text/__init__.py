"""Language tools shared by the domain packages: jieba segmentation and Chinese numerals, English
content stems, the CC-CEDICT gloss, sentence splitting and the English connective list. Imports only
``core``."""
