"""A small invented zh/en chapter with its gold beads: 1-2 split, 2-1 merge, a dropped and an added sentence."""

ZH = [
    "林晚攥紧了那封信，低下了头。",
    "顾承川没有回答，他转身走了，门在他身后重重地关上。",
    "林晚在窗前站了很久。",
    "天色渐渐暗了下来。",
    "城市的灯光一盏一盏亮起。",
    "楼下的小狗叫了三声，邻居家的电视机里传来新闻联播的音乐。",
    "她拿起手机，给妹妹打了一个电话。",
    "“姐姐，你什么时候回家？”",
    "林晚笑了笑，说明天就回去。",
]
EN = [
    "Lin Wan clutched the letter and bowed her head.",
    "Gu Chengchuan did not answer.",
    "He turned and left, and the door slammed shut behind him.",
    "Lin Wan stood by the window for a long time.",
    "The sky slowly grew dark and the lights of the city came on one by one.",
    "She picked up her phone and called her younger sister.",
    '"Sister, when are you coming home?"',
    "It was the question her sister asked every week.",
    "Lin Wan smiled and said she would go back tomorrow.",
]
GOLD = [
    ((0,), (0,)),
    ((1,), (1, 2)),
    ((2,), (3,)),
    ((3, 4), (4,)),
    ((5,), ()),
    ((6,), (5,)),
    ((7,), (6,)),
    ((), (7,)),
    ((8,), (8,)),
]
