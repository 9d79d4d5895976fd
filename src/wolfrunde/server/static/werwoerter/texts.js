// Everything players read, in German.
export const ROLE = { seer: "Seherin", werewolf: "Werwolf", villager: "Dorfbewohner" };
export const ROLE_TEXT = {
  seer: "Du kennst das Zauberwort. Hilf dem Dorf, aber verrate dich nicht – die Werwölfe suchen dich.",
  werewolf: "Du kennst das Zauberwort. Lenke das Dorf ab, damit es das Wort nicht errät.",
  villager: "Du kennst das Wort nicht. Frag den Bürgermeister und finde das Zauberwort.",
};
export const MARKER = {
  ja: "Ja", nein: "Nein", vielleicht: "Vielleicht", knapp_daneben: "Knapp daneben",
  voellig_daneben: "Völlig daneben", richtig: "Richtig",
};
export const POOL = { ja_nein: "Ja/Nein", vielleicht: "Vielleicht", knapp_daneben: "Knapp daneben",
  voellig_daneben: "Völlig daneben" };
export const LEVEL = { 1: "Leicht", 2: "Mittel", 3: "Schwer", 4: "Sehr schwer" };
export const DAY_END = {
  guessed: "Das Wort ist erraten!",
  time: "Die Zeit ist abgelaufen.",
  markers: "Keine Ja/Nein-Marker mehr.",
};
export const REASON = {
  seer_found: "Die Werwölfe haben die Seherin gefunden.",
  seer_missed: "Die Werwölfe haben die Seherin verfehlt.",
  werewolf_voted: "Das Dorf hat einen Werwolf entlarvt.",
  werewolf_missed: "Das Dorf hat keinen Werwolf erwischt.",
  everyone_one_vote: "Jeder hat genau eine Stimme – damit gewinnen die Werwölfe.",
};
export const WINNER = { village: "Das Dorf gewinnt!", werewolves: "Die Werwölfe gewinnen!" };
export const COVER = {
  night_start: "Alle schließen die Augen.",
  mayor: "Augen zu. Der Bürgermeister wählt das Zauberwort.",
  mayor_sleep: "Der Bürgermeister schließt die Augen.",
  seer_wake: "Seherin, öffne die Augen.",
  seer_word: "Augen zu. Die Seherin sieht das Zauberwort.",
  seer_sleep: "Die Seherin schließt die Augen.",
  wolves_wake: "Werwölfe, öffnet die Augen.",
  wolves_meet: "Augen zu. Die Werwölfe sehen sich an.",
  wolves_word: "Augen zu. Die Werwölfe sehen das Zauberwort.",
  wolves_sleep: "Die Werwölfe schließen die Augen.",
};
export const MAYOR_ROLE_TEXT = {
  seer: "Du bist zugleich die einzige Seherin. Nach einem Treffer müssen die Werwölfe auf dich zeigen – wähle kein zu leichtes Wort.",
  werewolf: "Du bist heimlich ein Werwolf: Das Dorf soll das Wort nicht erraten. Du darfst ein schweres Wort wählen und in die Irre führen.",
  villager: "Du gehörst zum Dorf: Hilf mit deinen Markern, dass das Wort erraten wird.",
};
