from wolfrunde.engine.cards import Card
from wolfrunde.engine.model import Mode, Side

CARD = Card(
    id="judge",
    name="Richter",
    side=Side.VILLAGE,
    cadence="einmal im Spiel nach einem Urteil",
    modes=(Mode.ONLINE, Mode.TABLE_OWN_DEVICES),
    description=(
        "Einmal im Spiel verlangt der Richter nach einem Urteil heimlich eine sofortige zweite Abstimmung, "
        "ohne Beratung dazwischen. Das Dorf hört nur, dass der Richter es verlangt; wer er ist, bleibt "
        "geheim. Er braucht dafür ein eigenes Gerät und steht deshalb nur online und in der Tischrunde mit "
        "„Jeder sein Gerät“ zur Wahl."
    ),
)
