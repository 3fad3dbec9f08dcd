import xml.etree.ElementTree as ET

from lxml import etree

from crawlers.nesting import outermost


def test_the_outermost_picked_elements_in_document_order_in_either_tree():
    text = "<r><d id='1'><d id='2'/></d><p><d id='3'><d id='4'/></d></p><d id='5'/></r>"
    for root in (ET.fromstring(text), etree.fromstring(text)):
        assert [e.get("id") for e in outermost(root, lambda e: e.tag == "d")] == ["1", "3", "5"]
