"""AppTest helpers shared by the app's tests: signing in the way a learner does, through the sidebar."""


def sign_in(at, name, pin=""):
    """Type a learner's name (and PIN) into the sidebar's sign-in form and submit it."""
    at.text_input(key="signin_name").set_value(name)
    at.text_input(key="signin_pin").set_value(pin)
    at.button(key="sign_in").click().run()
    assert not at.exception
    return at


def create_learner(at, name, pin=""):
    at.text_input(key="new_profile_name").set_value(name)
    at.text_input(key="new_profile_pin").set_value(pin)
    at.button(key="create_profile").click().run()
    assert not at.exception
    return at


def signed_in_as(at):
    """The learner the sidebar shows, or None for a guest."""
    for md in at.sidebar.markdown:
        if md.value.startswith("Learner: **"):
            return md.value.removeprefix("Learner: **").removesuffix("**").replace("\\", "")
    return None
