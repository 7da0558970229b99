"""The phones' card JSON is built once per printing for the whole runtime, not per pod:
two pods drafting one set share each body, and only the instance `id` differs."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient

from draft.cards import load_set
from draft.state import CardInstance
from server.cards.card_json import CardJson, InstanceTexts
from server.cards.media import CardMedia
from tests.server.support.builders import new_pod, start


def test_two_instances_of_one_printing_share_one_body() -> None:
    card = load_set("CMR").cards[0]
    cards = CardJson()
    first = cards.text(CardInstance(3, card, "common", False), grant=False)
    other = cards.text(CardInstance(417, card, "common", False), grant=False)
    assert json.loads(first)["id"] == 3 and json.loads(other)["id"] == 417
    assert {**json.loads(first), "id": 0} == {**json.loads(other), "id": 0}
    assert len(cards) == 1


def test_the_text_is_the_data_encoded_with_the_id_first() -> None:
    card = load_set("CMR").cards[5]
    instance = CardInstance(12, card, "rare", True)
    cards = CardJson()
    data = cards.data(instance, grant=False)
    assert next(iter(data)) == "id"
    assert json.loads(cards.text(instance, grant=False)) == data
    assert cards.text(instance, grant=False) == json.dumps(  # ASCII: the frame's encoding
        data, separators=(",", ":"), ensure_ascii=True)      # is a copy (#45)


def test_a_foil_or_another_slot_or_grant_is_its_own_body() -> None:
    card = load_set("CMR").cards[0]
    cards = CardJson()
    cards.data(CardInstance(1, card, "common", False), grant=False)
    cards.data(CardInstance(2, card, "common", True), grant=False)
    cards.data(CardInstance(3, card, "foil", False), grant=False)
    cards.data(CardInstance(4, card, "common", False), grant=True)
    assert len(cards) == 4


def test_clearing_picks_up_new_media() -> None:
    card = load_set("CMR").cards[0]
    media = CardMedia(images="off")
    cards = CardJson(media)
    instance = CardInstance(1, card, "common", False)
    assert "text" not in cards.data(instance, grant=False)
    media.use({card.name: "Flying"}, None)
    cards.clear()
    assert cards.data(instance, grant=False)["text"] == "Flying"


def test_a_pod_s_instance_text_is_the_runtime_s_text_under_its_grant() -> None:
    card = load_set("CMR").cards[0]
    cards = CardJson()
    texts = InstanceTexts(cards, grant=True)
    instance = CardInstance(7, card, "common", False)
    assert texts.text(instance) == cards.text(instance, grant=True)
    assert texts.text(instance) is texts.text(instance)  # built once per instance
    assert len(texts) == 1


def test_a_pod_s_instance_texts_pick_up_new_media() -> None:
    card = load_set("CMR").cards[0]
    media = CardMedia(images="off")
    cards = CardJson(media)
    texts = InstanceTexts(cards, grant=False)
    instance = CardInstance(1, card, "common", False)
    assert "text" not in json.loads(texts.text(instance))
    media.use({card.name: "Flying"}, None)
    cards.clear()
    assert json.loads(texts.text(instance))["text"] == "Flying"


def test_every_pod_of_a_runtime_shares_its_card_json(client: TestClient) -> None:
    for seed in (1, 2):
        pod = new_pod(client, seats=2, seed=seed)
        start(client, pod)
    rt = client.app.state.runtime  # type: ignore[attr-defined]
    assert len(rt.registry) == 2
    assert all(pod.cards is rt.cards for pod in rt.registry.all())


def test_a_pod_s_instance_texts_join_as_one_list_built_or_not() -> None:
    cards_of_set = load_set("CMR").cards
    cards = CardJson()
    texts = InstanceTexts(cards, grant=False)
    instances = [CardInstance(n, cards_of_set[n], "common", False) for n in range(3)]
    texts.text(instances[1])  # one built before, two not
    expected = ",".join(cards.text(instance, grant=False) for instance in instances)
    assert texts.joined(instances) == expected  # some built on the way
    assert texts.joined(instances) == expected  # all looked up
    assert json.loads("[" + texts.joined(instances) + "]")[2]["id"] == 2
    assert texts.joined([]) == ""


def test_joined_instance_texts_pick_up_new_media() -> None:
    card = load_set("CMR").cards[0]
    media = CardMedia(images="off")
    cards = CardJson(media)
    texts = InstanceTexts(cards, grant=False)
    instance = CardInstance(1, card, "common", False)
    texts.joined([instance])
    media.use({card.name: "Flying"}, None)
    cards.clear()
    assert json.loads(texts.joined([instance]))["text"] == "Flying"
