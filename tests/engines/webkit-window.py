#!/usr/bin/python3
"""A one-window WebKitGTK browser for WebKitWebDriver: Safari's engine at a phone's width.

WebKitWebDriver starts it with --automation (its `webkitgtk:browserOptions` binary). MiniBrowser
cannot be narrower than 447 px and keeps the page's console to itself; this window takes any size
and writes every console message to standard output ("CONSOLE ... ERROR ..."), where the walk reads them.
Its own options come in the environment, since WebKitWebDriver passes its arguments through:
  WALK_USER_AGENT   the user agent to send (Safari's on an iPhone or an iPad); WebKitGTK's own when unset
  WALK_SIZE         the window's inner size, as WIDTHxHEIGHT (default 390x844)
  WALK_CONSOLE      a file to append the pages' console to
"""
import atexit
import os
import shutil
import tempfile

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import Gtk, WebKit2  # noqa: E402

width, height = (int(n) for n in os.environ.get("WALK_SIZE", "390x844").split("x"))

# WebKitWebDriver does not pass on its browser's output: the web process, which inherits this
# process's standard output, writes the console where the walk can read it.
console_file = os.environ.get("WALK_CONSOLE")
if console_file:
    log = os.open(console_file, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    os.dup2(log, 1)
    os.dup2(log, 2)

settings = WebKit2.Settings()
settings.set_enable_write_console_messages_to_stdout(True)
settings.set_enable_developer_extras(True)
agent = os.environ.get("WALK_USER_AGENT")
if agent:
    settings.set_user_agent(agent)

window = Gtk.Window()
window.set_default_size(width, height)
window.connect("destroy", Gtk.main_quit)

# A session of its own, as Safari's automation gives: nothing kept from an earlier walk. A new data
# folder rather than an ephemeral context, whose pages write nothing of their console.
data = tempfile.mkdtemp(prefix="price-alerts-webkit-")
atexit.register(shutil.rmtree, data, True)
manager = WebKit2.WebsiteDataManager(base_data_directory=data, base_cache_directory=data)
context = WebKit2.WebContext.new_with_website_data_manager(manager)
context.set_automation_allowed(True)


def create_view(_session):
    view = WebKit2.WebView(web_context=context, settings=settings, is_controlled_by_automation=True)
    # One view at a time: a new session's view replaces the last.
    for child in window.get_children():
        window.remove(child)
    window.add(view)
    window.show_all()
    return view


def automation_started(_context, session):
    info = WebKit2.ApplicationInfo()
    info.set_name("price-alerts-walk")
    info.set_version(1, 0, 0)
    session.set_application_info(info)
    session.connect("create-web-view", create_view)


context.connect("automation-started", automation_started)
window.show_all()
Gtk.main()
