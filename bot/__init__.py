"""The Telegram bot: wiring (``app``), handlers (``handlers``, ``buttons``), what is shown
(``presenter``, ``keyboards``, ``formatting``, ``pictures``), computer turns (``ai``), the
callback codec (``callbacks``), settings (``config``) and the text catalogs (``texts``)."""
