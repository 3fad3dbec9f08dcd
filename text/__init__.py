"""Language tools shared by the domain packages: jieba segmentation and Chinese numerals, English
content stems, the CC-CEDICT gloss, sentence splitting, the English connective list and the BWB pronoun
classes. Imports only ``core``."""
