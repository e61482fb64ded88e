"""Real runs: the blog served as a real local web site (``server``) and the memviz agent over HTTP (``crawler``)."""
