"""Drives a running Label Studio through label-studio-sdk; runs in the Label Studio venv, not the project's.

    client.py URL TOKEN TASKS.json LABEL_CONFIG.xml PLAN.json OUT_DIR

Creates users up to the highest annotator id the plan names, a project with the labeling config,
imports the tasks (with their predictions), posts the planned annotations as those users and
writes OUT_DIR/export.json (JSON), OUT_DIR/export-min.json (JSON-MIN) and OUT_DIR/users.json.
PLAN: {candidate_id: {user id: {"decision": ..., "spans": [[label, start, end], ...] or null}}};
null spans copy the task's predicted spans, as the labeling interface does.
"""

import json
import sys
from pathlib import Path

from label_studio_sdk import LabelStudio


def main(url: str, token: str, tasks_path: str, config_path: str, plan_path: str, out: str) -> None:
    ls = LabelStudio(base_url=url, api_key=token)
    tasks = json.loads(Path(tasks_path).read_text())
    plan = json.loads(Path(plan_path).read_text())
    wanted = max(int(user) for by_user in plan.values() for user in by_user)
    while max(u.id for u in ls.users.list()) < wanted:
        n = len(list(ls.users.list())) + 1
        ls.users.create(
            email=f"annotator{n}@example.com", username=f"annotator{n}", password=f"pass-{n}-word"
        )
    project = ls.projects.create(title="cohesion round trip", label_config=Path(config_path).read_text())
    ls.projects.import_tasks(id=project.id, request=tasks)
    for task in ls.tasks.list(project=project.id, fields="all"):
        predicted = task.predictions[0].result
        for user, annotation in plan.get(task.data["candidate_id"], {}).items():
            spans = annotation["spans"]
            result = [dict(r) for r in predicted] if spans is None else [_span(*s) for s in spans]
            result.append(
                {"from_name": "decision", "to_name": "text", "type": "choices",
                 "value": {"choices": [annotation["decision"]]}}
            )  # fmt: skip
            ls.annotations.create(id=task.id, result=result, completed_by=int(user))
    for name, kind in (("export.json", "JSON"), ("export-min.json", "JSON_MIN")):
        data = b"".join(
            ls.projects.exports.download_sync(id=project.id, export_type=kind, download_all_tasks=True)
        )
        (Path(out) / name).write_bytes(data)
    users = [{"id": u.id, "email": u.email} for u in ls.users.list()]
    (Path(out) / "users.json").write_text(json.dumps(users))


def _span(label: str, start: int, end: int) -> dict:
    value = {"start": start, "end": end, "labels": [label]}
    return {"from_name": "span", "to_name": "text", "type": "labels", "value": value}


if __name__ == "__main__":
    main(*sys.argv[1:])
