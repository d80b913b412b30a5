"""Tests of the app on a web page, in a real headless Chromium."""
