"""Push-to-talk voice in the online round: the plan of who may send to and hear whom (`plan`), the
relay of the browsers' WebRTC signaling (`signaling`) and short-lived TURN credentials (`turn`)."""
