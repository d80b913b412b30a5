"""The app on a web page (``armybuilder serve``): Textualize's textual-serve runs one app
process per browser tab against the same database; this package adds what a club's
shared laptop needs on top of it — an access token on any address but localhost, a limit
on the app processes, nothing on the server's disk served beyond textual-serve's own
page files, and a clean stop on ctrl+c.

It never imports the app: each browser tab's app is a process of its own
(``python -m armybuilder --db PATH app``), run by textual-serve.
"""
