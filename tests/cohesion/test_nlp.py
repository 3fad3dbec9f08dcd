from cohesion.nlp import COMPONENTS, load_tagger, pos_tables


def test_the_tagger_runs_only_the_floor_components():
    assert tuple(load_tagger().pipe_names) == COMPONENTS


def test_pos_tables_read_the_attribute_rulers_tag_and_word_patterns():
    by_word, by_tag = pos_tables()
    assert (by_tag["NN"], by_tag["NNP"], by_tag["VBD"], by_tag["MD"], by_tag["_SP"]) == (
        "NOUN",
        "PROPN",
        "VERB",
        "AUX",
        "SPACE",
    )
    assert (by_word["that", "WDT"], by_word["that", "IN"], by_tag["IN"]) == ("PRON", "SCONJ", "ADP")


def test_the_tagger_multiplies_with_numpys_blas_on_one_thread():
    from threadpoolctl import threadpool_info

    assert load_tagger().get_pipe("tok2vec").model.ops.use_blis is False
    assert {pool["num_threads"] for pool in threadpool_info() if pool["user_api"] == "blas"} == {1}
