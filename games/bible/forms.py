"""The admin's form to start an import: the translation is picked from the API's own list."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError

from . import getbible
from .models import BOOK_CHAPTERS, BOOK_NAMES, Import


def translation_label(abbreviation: str, meta: dict) -> str:
    name = meta.get("translation") or meta.get("description") or ""
    language = meta.get("language") or meta.get("lang") or ""
    label = f"{abbreviation} - {name}" if name else abbreviation
    return f"{label} ({language})" if language else label


class ImportForm(forms.ModelForm):
    translation = forms.ChoiceField(choices=(), help_text="The getBible API's translations.")
    book = forms.TypedChoiceField(
        coerce=int,
        empty_value=None,
        required=False,
        choices=[("", "- the whole translation -")]
        + [(nr, f"{nr} {name}") for nr, name in enumerate(BOOK_NAMES, 1)],
    )
    chapter = forms.IntegerField(
        required=False, min_value=1, max_value=150, help_text="Optional; needs a book."
    )
    # (declared here: the model's positive field would first say ">= 0", though 0 is refused too)
    top_n = forms.IntegerField(
        label="Top N",
        min_value=1,
        max_value=1000,
        initial=10,
        help_text="How many of the most frequent words the report lists (1 to 1000).",
    )

    class Meta:
        model = Import
        fields = ["translation", "book", "chapter", "top_n", "redownload"]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.load_error = ""
        try:
            found = getbible.translations()
        except getbible.GetBibleError as exc:
            self.load_error = f"The list of translations could not be loaded, so no import can start: {exc}"
            found = {}
        self.fields["translation"].choices = [("", "---------")] + [
            (abbreviation, translation_label(abbreviation, meta))
            for abbreviation, meta in sorted(found.items())
        ]

    def clean(self) -> dict:
        cleaned = super().clean()
        if self.load_error:
            raise ValidationError(self.load_error)
        translation, book, chapter = cleaned.get("translation"), cleaned.get("book"), cleaned.get("chapter")
        if chapter is not None and book is None:
            self.add_error("chapter", "A chapter needs a book.")
        elif chapter is not None and book is not None and chapter > BOOK_CHAPTERS[book - 1]:
            has = BOOK_CHAPTERS[book - 1]
            self.add_error("chapter", f"{BOOK_NAMES[book - 1]} has {has} chapter{'s' if has > 1 else ''}.")
        elif translation:
            busy = Import.objects.active().of_scope(translation, book, chapter).first()
            if busy is not None:
                raise ValidationError(
                    f"Import {busy.pk} of {busy.scope} is already {busy.state}: "
                    "watch it instead of starting another."
                )
        return cleaned
