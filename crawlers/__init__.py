"""Scrapy crawling of novel sites driven by declarative site profiles, and the bundled demo site."""
